import { SurveysPage } from '../../features/surveys/components/surveys-page.tsx';

// /surveys (spec 001 section 2): the list of surveys.
export function SurveysRoute() {
  return <SurveysPage />;
}
