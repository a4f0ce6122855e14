// The signed-in shell and the workspace load on demand: /login needs neither. Both the router and
// the sign-in screen use these, so the chunks the sign-in screen fetches ahead are the ones the
// router then finds loaded.
export const loadAppLayout = () => import('./layout/app-layout.tsx');
export const loadHomeRoute = () => import('./routes/home-route.tsx');

let preloaded = false;

// Called once the sign-in form is in use: by the time sign-in answers, the workspace is here.
export function preloadSignedInScreens(): void {
  if (preloaded) return;
  preloaded = true;
  // A failure here is no failure of the page: the route loads (and reports) them again on its own.
  void Promise.all([loadAppLayout(), loadHomeRoute()]).catch(() => {
    preloaded = false;
  });
}
