import { lazy, type ComponentType } from 'react';

// A screen whose module loads on demand. Once the module is here (fetched ahead with preload) it
// renders at once; before that it suspends to the nearest Suspense boundary (React.lazy). Fetching
// ahead matters: React shows a fallback it has committed for at least 300 ms.
function lazyScreen(load: () => Promise<ComponentType>) {
  let Loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = (): Promise<ComponentType> => {
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
  function Screen() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Screen, preload };
}

// The signed-in shell and the ticket workspace (/): /login needs neither. The router renders them
// (app/router.tsx); the sign-in form (once in use) and the boot with a stored session fetch them ahead.
export const appLayout = lazyScreen(async () => (await import('./layout/app-layout.tsx')).AppLayout);
export const workspace = lazyScreen(async () => (await import('./routes/home-route.tsx')).HomeRoute);
