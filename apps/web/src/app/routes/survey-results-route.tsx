import { PlaceholderRoute } from './placeholder-route.tsx';

export function SurveyResultsRoute() {
  return <PlaceholderRoute title="Surveys" />;
}
