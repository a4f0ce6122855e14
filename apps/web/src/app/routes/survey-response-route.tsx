import { Navigate, useParams } from 'react-router';
import { surveyPaths } from '@portal/contracts';
import { SurveyResponsePage } from '../../features/surveys/components/survey-response-page.tsx';

// /survey/{path}/{id} (spec 001 section 2): one user's answers. The id is a user's: digits only,
// anything else goes to the survey's results.
export function SurveyResponseRoute() {
  const { path = '', id = '' } = useParams();
  if (!/^\d{1,15}$/.test(id) || Number(id) < 1) return <Navigate to={surveyPaths.results(path)} replace />;
  return <SurveyResponsePage key={`${path}/${id}`} path={path} id={Number(id)} />;
}
