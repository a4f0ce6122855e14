import { useParams } from 'react-router';
import { CsAnalyticsPage } from '../../features/analytics/components/cs-analytics-page.tsx';

// /visualize/{chart} (spec 001 section 2): cs is the customer-service dashboard; any other chart
// shows nothing.
export function VisualizeRoute() {
  const { chart } = useParams();
  return chart === 'cs' ? <CsAnalyticsPage /> : null;
}
