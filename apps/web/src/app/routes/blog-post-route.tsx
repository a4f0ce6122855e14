import { PlaceholderRoute } from './placeholder-route.tsx';

export function BlogPostRoute() {
  return <PlaceholderRoute title="Blog" />;
}
