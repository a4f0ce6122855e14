import { Button } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';
import { flashError } from '../../../lib/flash.ts';
import { useSession } from '../../../lib/session.ts';
import { useDownloadEvidencePack } from '../api/download-evidence-pack.ts';

// The user card's "Evidence pack" (issue 30, decision 050): downloads everything the Portal holds on
// the customer as one ZIP, for a CFPB complaint or an examiner's sample. Only holders of
// customers.evidence_pack see it (the server refuses anyone else and audits every pack); a failure
// is flashed, as the card's other actions flash theirs.
export function EvidencePackButton({ userId }: { userId: number }) {
  const session = useSession();
  const download = useDownloadEvidencePack();
  if (!session?.permissions.includes('customers.evidence_pack')) return null;
  return (
    <Button
      size="xs"
      variant="default"
      loading={download.isPending}
      onClick={() => download.mutate(userId, { onError: (error) => flashError(errorMessages(error).join(' ')) })}
    >
      Evidence pack
    </Button>
  );
}
