import { PlaceholderRoute } from './placeholder-route.tsx';

export function SurveyResponseRoute() {
  return <PlaceholderRoute title="Survey answers" />;
}
