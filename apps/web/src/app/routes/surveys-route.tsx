import { PlaceholderRoute } from './placeholder-route.tsx';

export function SurveysRoute() {
  return <PlaceholderRoute title="Surveys" />;
}
