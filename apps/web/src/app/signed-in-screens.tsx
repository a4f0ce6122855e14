import { lazy, type ComponentType } from 'react';

// A screen whose module loads on demand. Once the module is here (fetched ahead with preload) it
// renders at once; before that it suspends to the nearest Suspense boundary (React.lazy). Fetching
// ahead matters: React shows a fallback it has committed for at least 300 ms.
// Every signed-in screen loads this way, not with a route's lazy: React Router downloads a matched
// route's chunk before the sign-in guard runs, so a signed-out deep link would fetch the screen first.
export function lazyScreen<Props extends object = object>(load: () => Promise<ComponentType<Props>>) {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        // Tried again when next needed.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: Props) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Screen, preload };
}

// The signed-in shell and the ticket workspace (/): /login needs neither. The router renders them
// (app/router.tsx); the sign-in form (once in use) and the boot with a stored session fetch them ahead.
export const appLayout = lazyScreen(async () => (await import('./layout/app-layout.tsx')).AppLayout);
export const workspace = lazyScreen(async () => (await import('./routes/home-route.tsx')).HomeRoute);
export const staffScreen = lazyScreen(async () => (await import('./routes/staff-route.tsx')).StaffRoute);
export const apiDocsScreen = lazyScreen(async () => (await import('./routes/api-docs-route.tsx')).ApiDocsRoute);
export const userScreen = lazyScreen(async () => (await import('./routes/user-route.tsx')).UserRoute);
export const mentionsScreen = lazyScreen(async () => (await import('./routes/mentions-route.tsx')).MentionsRoute);
export const approvalsScreen = lazyScreen(async () => (await import('./routes/approvals-route.tsx')).ApprovalsRoute);
export const disputesScreen = lazyScreen(async () => (await import('./routes/disputes-route.tsx')).DisputesRoute);
export const bankruptcyScreen = lazyScreen(async () => (await import('./routes/bankruptcy-route.tsx')).BankruptcyRoute);
export const deadlinesScreen = lazyScreen(async () => (await import('./routes/deadlines-route.tsx')).DeadlinesRoute);
export const achScreen = lazyScreen(async () => (await import('./routes/ach-route.tsx')).AchRoute);
export const dutyAuditScreen = lazyScreen(async () => (await import('./routes/duty-audit-route.tsx')).DutyAuditRoute);
export const fcraScreen = lazyScreen(async () => (await import('./routes/fcra-route.tsx')).FcraRoute);
export const fcraLookupScreen = lazyScreen(
  async () => (await import('./routes/fcra-lookup-route.tsx')).FcraLookupRoute,
);
export const crAdjScreen = lazyScreen(async () => (await import('./routes/cr-adj-route.tsx')).CrAdjRoute);
export const identificationsScreen = lazyScreen(
  async () => (await import('./routes/identifications-route.tsx')).IdentificationsRoute,
);
export const incomeScreen = lazyScreen(async () => (await import('./routes/income-route.tsx')).IncomeRoute);
export const blogPostScreen = lazyScreen(async () => (await import('./routes/blog-post-route.tsx')).BlogPostRoute);
export const graphqlScreen = lazyScreen(async () => (await import('./routes/graphql-route.tsx')).GraphqlRoute);
export const macrosScreen = lazyScreen(async () => (await import('./routes/macros-route.tsx')).MacrosRoute);
export const surveysScreen = lazyScreen(async () => (await import('./routes/surveys-route.tsx')).SurveysRoute);
export const surveyResultsScreen = lazyScreen(
  async () => (await import('./routes/survey-results-route.tsx')).SurveyResultsRoute,
);
export const surveyResponseScreen = lazyScreen(
  async () => (await import('./routes/survey-response-route.tsx')).SurveyResponseRoute,
);
export const archivedTicketsScreen = lazyScreen(
  async () => (await import('./routes/ticket-lists-route.tsx')).ArchivedTicketsRoute,
);
export const escalatedTicketsScreen = lazyScreen(
  async () => (await import('./routes/ticket-lists-route.tsx')).EscalatedTicketsRoute,
);
export const visualizeScreen = lazyScreen(async () => (await import('./routes/visualize-route.tsx')).VisualizeRoute);
