import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { AppShell, Center, Loader } from '@mantine/core';
import { useRefreshSession } from '../../features/auth/api/get-current-session.ts';
import { AppHeader } from './app-header.tsx';

// The signed-in shell. Mounted only behind RequireSignIn, so the navbar shows only with a token.
export function AppLayout() {
  // Refresh online and permissions from the server once per start; a 401 signs out.
  useRefreshSession();
  // The tab's live stream (decision 063), for as long as someone is signed in; loaded after the
  // screen, so it weighs on no screen's first load.
  useEffect(() => {
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    void import('../../lib/live-connection.ts').then(({ liveConnection }) => {
      if (stopped) return;
      liveConnection.start();
      stop = () => liveConnection.stop();
    });
    return () => stop();
  }, []);
  return (
    <AppShell header={{ height: 64 }} padding="lg">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        {/* The workspace loads when it first renders (app/router.tsx). */}
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
