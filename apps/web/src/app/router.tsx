import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { RequireSignIn, SignedOutOnly } from './guards.tsx';
import { RequirePermission } from './require-permission.tsx';
import { RootLayout } from './root-layout.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import {
  apiDocsScreen,
  appLayout,
  archivedTicketsScreen,
  bankruptcyScreen,
  blogPostScreen,
  crAdjScreen,
  deadlinesScreen,
  disputesScreen,
  dutyAuditScreen,
  achScreen,
  escalatedTicketsScreen,
  fcraLookupScreen,
  fcraScreen,
  graphqlScreen,
  identificationsScreen,
  incomeScreen,
  macrosScreen,
  mentionsScreen,
  approvalsScreen,
  staffScreen,
  surveyResponseScreen,
  surveyResultsScreen,
  surveysScreen,
  userScreen,
  visualizeScreen,
  workspace,
} from './signed-in-screens.tsx';

const pageLoader = (
  <Center mih="100vh">
    <Loader aria-label="Loading" />
  </Center>
);

// A screen behind its permission (screen-access.ts): its code is not even fetched for others.
const gated = (screen: string, element: ReactNode) => <RequirePermission screen={screen}>{element}</RequirePermission>;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: pageLoader,
    children: [
      {
        // An invitation's one-time link: signed in or not, the link is its own proof.
        path: 'set-password',
        lazy: async () => ({ Component: (await import('./routes/set-password-route.tsx')).SetPasswordRoute }),
      },
      {
        element: <SignedOutOnly />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          {
            path: 'enable-mfa',
            // The QR code library is only needed here.
            lazy: async () => ({ Component: (await import('./routes/enable-mfa-route.tsx')).EnableMfaRoute }),
          },
        ],
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            // The shell and the workspace load when they render, not when the URL matches (a route's
            // lazy would): a signed-out visitor at / goes to /login without loading either.
            element: (
              <Suspense fallback={pageLoader}>
                <appLayout.Screen />
              </Suspense>
            ),
            children: [
              { path: 'user', element: <userScreen.Screen /> },
              // The notes that @mentioned me (issue 40), opened from the navbar.
              { path: 'mentions', element: <mentionsScreen.Screen /> },
              // The actions waiting for a second employee (issue 41), for approvers.
              { path: 'approvals', element: gated('/approvals', <approvalsScreen.Screen />) },
              // Each dashboard routes its own sub-paths (landing, list, detail; unknown ones to the landing).
              { path: 'disputes/*', element: <disputesScreen.Screen /> },
              { path: 'bankruptcy/*', element: <bankruptcyScreen.Screen /> },
              { path: 'deadlines', element: <deadlinesScreen.Screen /> },
              { path: 'duty_audit', element: gated('/duty_audit', <dutyAuditScreen.Screen />) },
              // The ACH files and the bank's return files (issue 41).
              { path: 'ach', element: gated('/ach', <achScreen.Screen />) },
              // The ACDV dashboard answers at both of the spec's routes; the loan lookup beside it.
              { path: 'fcra', element: gated('/fcra', <fcraScreen.Screen />) },
              { path: 'acdv', element: gated('/acdv', <fcraScreen.Screen />) },
              { path: 'fcra/lookup', element: <fcraLookupScreen.Screen /> },
              { path: 'cr_adj', element: gated('/cr_adj', <crAdjScreen.Screen />) },
              // The spec's route is a prefix: /identifications/anything shows the same dashboard.
              { path: 'identifications/*', element: gated('/identifications', <identificationsScreen.Screen />) },
              { path: 'income', element: gated('/income', <incomeScreen.Screen />) },
              // chart=cs is the customer-service dashboard; any other chart shows nothing (spec 001 section 2).
              { path: 'visualize/:chart', element: <visualizeScreen.Screen /> },
              { path: 'graph_ql', element: <graphqlScreen.Screen /> },
              { path: 'blog_post', element: gated('/blog_post', <blogPostScreen.Screen />) },
              { path: 'macros', element: gated('/macros', <macrosScreen.Screen />) },
              { path: 'surveys', element: <surveysScreen.Screen /> },
              { path: 'surveys/:path', element: <surveyResultsScreen.Screen /> },
              { path: 'survey/:path/:id', element: <surveyResponseScreen.Screen /> },
              { path: 'admin/staff', element: gated('/admin/staff', <staffScreen.Screen />) },
              // The workspace's archived and escalated lists as pages of their own (issue 40).
              { path: 'tickets/archived', element: <archivedTicketsScreen.Screen /> },
              { path: 'tickets/escalated', element: gated('/tickets/escalated', <escalatedTicketsScreen.Screen />) },
              // The OpenAPI document of the API, for any signed-in employee.
              { path: 'api-docs', element: <apiDocsScreen.Screen /> },
              { path: '*', element: <workspace.Screen /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
