import { Navigate, Route, Routes, useParams } from 'react-router';
import { Stack, Title } from '@mantine/core';
import { LiveRecord } from '../../components/live-record.tsx';
import { disputeKeys } from '../../features/disputes/api/query-keys.ts';
import { DisputeDetailPage } from '../../features/disputes/components/dispute-detail-page.tsx';
import { DisputesLanding } from '../../features/disputes/components/disputes-landing.tsx';
import { UnresolvedDisputesPage } from '../../features/disputes/components/unresolved-disputes-page.tsx';

// /disputes/{id}: digits only; anything else is an unknown sub-path.
function DisputeDetailRoute() {
  const { id = '' } = useParams();
  if (!/^\d{1,15}$/.test(id) || Number(id) < 1) return <Navigate to="/disputes" replace />;
  // Keyed by id: Get Next Dispute replaces the route, and the next dispute starts afresh.
  return (
    <Stack gap="sm" key={id}>
      <LiveRecord kind="dispute" id={Number(id)} noun="dispute" queryKeys={[disputeKeys.detail(Number(id))]} />
      <DisputeDetailPage id={Number(id)} />
    </Stack>
  );
}

// Disputes Dashboard (spec 001 section 2): landing, unresolved list and detail; unknown sub-paths
// go to the landing.
export function DisputesRoute() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={24}>
        Disputes Dashboard
      </Title>
      <Routes>
        <Route index element={<DisputesLanding />} />
        <Route path="unresolved" element={<UnresolvedDisputesPage />} />
        <Route path=":id" element={<DisputeDetailRoute />} />
        <Route path="*" element={<Navigate to="/disputes" replace />} />
      </Routes>
    </Stack>
  );
}
