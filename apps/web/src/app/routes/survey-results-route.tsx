import { useParams } from 'react-router';
import { SurveyResultsPage } from '../../features/surveys/components/survey-results-page.tsx';

// /surveys/{path} (spec 001 section 2): a survey's results.
export function SurveyResultsRoute() {
  const { path = '' } = useParams();
  // Another survey is another screen: nothing of the previous one's state carries over.
  return <SurveyResultsPage key={path} path={path} />;
}
