import { Navigate, Route, Routes, useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { LiveRecord } from '../../components/live-record.tsx';
import { noticeKeys } from '../../features/bankruptcy/api/query-keys.ts';
import { NoticeDetailPage } from '../../features/bankruptcy/components/notice-detail-page.tsx';
import { NoticesLanding } from '../../features/bankruptcy/components/notices-landing.tsx';
import { UnprocessedNoticesPage } from '../../features/bankruptcy/components/unprocessed-notices-page.tsx';

const LANDING = '/bankruptcy';

// /bankruptcy/notice/{id}: digits only; anything else goes to the landing page.
function NoticeRoute() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id) || !Number.isSafeInteger(Number(id)) || Number(id) < 1)
    return <Navigate to={LANDING} replace />;
  // A new notice is a new screen: the previous one is let go, its timers stopped.
  return (
    <Stack gap="sm" key={id}>
      <LiveRecord kind="bankruptcy_notice" id={Number(id)} noun="notice" queryKeys={[noticeKeys.detail(Number(id))]} />
      <NoticeDetailPage id={Number(id)} />
    </Stack>
  );
}

// Bankruptcy Dashboard (spec 001 section 2): landing, the unprocessed list and a notice; unknown
// sub-paths redirect to the landing page.
export function BankruptcyRoute() {
  return (
    <Routes>
      <Route index element={<NoticesLanding />} />
      <Route path="unprocessed" element={<UnprocessedNoticesPage />} />
      <Route path="notice/:id" element={<NoticeRoute />} />
      <Route path="*" element={<Navigate to={LANDING} replace />} />
    </Routes>
  );
}
