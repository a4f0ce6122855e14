import { Checkbox, Stack, Text } from '@mantine/core';
import type { StaffRole } from '@portal/contracts';

const permissionLabels: Record<string, string> = {
  'tickets.view_escalated': 'sees escalated tickets',
  'payments.validate_any': 'may invalidate and validate any payment',
  'staff.admin': 'administers staff (this page)',
  'customers.reveal_ssn': "may reveal a customer's whole SSN (audited)",
};

function describe(role: StaffRole): string {
  if (role.permissions.length === 0) return 'works the ticket queue';
  return role.permissions.map((permission) => permissionLabels[permission] ?? permission).join(', ');
}

type RolePickerProps = { roles: readonly StaffRole[]; value: string[]; onChange: (roles: string[]) => void };

// The roles an employee holds, each with what it allows.
export function RolePicker({ roles, value, onChange }: RolePickerProps) {
  return (
    <Checkbox.Group label="Roles" value={value} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {roles.map((role) => (
          <Checkbox
            key={role.name}
            value={role.name}
            label={role.name}
            description={
              <Text span fz="xs">
                {describe(role)}
              </Text>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
