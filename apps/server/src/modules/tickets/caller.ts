import type { Permission } from '@portal/contracts';

// Who is asking, as the services need it: taken from the session by the routes.
export type Caller = { employeeId: number; name: string; permissions: readonly Permission[]; ipAddress: string };
