import { PlaceholderRoute } from './placeholder-route.tsx';

export function MacrosRoute() {
  return <PlaceholderRoute title="Macros" />;
}
