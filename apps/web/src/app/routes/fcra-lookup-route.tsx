import { useSearchParams } from 'react-router';
import type { LookupSearch } from '../../features/credit-reporting/components/fcra-lookup-form.tsx';
import { FcraLookupPage } from '../../features/credit-reporting/components/fcra-lookup-page.tsx';

// /fcra/lookup?loan_id=&report_date= (the spec does not show its route): the loan-based FCRA
// lookup. The search is the URL's, so a link (the loan card's "FCRA lookup") opens it searched.
export function FcraLookupRoute() {
  const [params, setParams] = useSearchParams();
  const search = ({ loanId, reportDate }: LookupSearch) =>
    setParams(new URLSearchParams({ loan_id: String(loanId), report_date: reportDate }));
  return (
    <FcraLookupPage loanIdParam={params.get('loan_id')} reportDateParam={params.get('report_date')} onSearch={search} />
  );
}
