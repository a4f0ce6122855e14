import { ApiDocsPage } from '../../features/api-docs/components/api-docs-page.tsx';

export function ApiDocsRoute() {
  return <ApiDocsPage />;
}
