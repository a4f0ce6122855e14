// The staff module's public face: app.ts and the staff command line import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import { registerStaffRoutes } from './routes.ts';
import { createStaffService, type StaffServiceDeps } from './service.ts';

// Invitations without HTTP (npm run staff).
export { createInvitedEmployee, setPasswordLink } from './invitation.ts';

type StaffDeps = StaffServiceDeps & {
  // Where set-password links point (PUBLIC_URL); null: the address the request came to.
  publicUrl: string | null;
};

// The staff module (decision 045): staff administration's calls, registered from their descriptors.
export function createStaffModule({ publicUrl, ...deps }: StaffDeps): PortalModule {
  const service = createStaffService(deps);
  return { registerRoutes: (app) => registerStaffRoutes(app, service, publicUrl) };
}

// The staff list under a screen's filters (issue 40: its CSV export reads it as the screen does).
export { staffList } from './staff-list.ts';
