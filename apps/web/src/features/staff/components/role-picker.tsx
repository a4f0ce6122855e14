import { Checkbox, Stack, Text } from '@mantine/core';
import { permissionInfo, type Permission, type StaffRole } from '@portal/contracts';

function describe(role: StaffRole): string {
  if (role.permissions.length === 0) return 'works the ticket queue';
  return role.permissions
    .map((permission) => (permission in permissionInfo ? permissionInfo[permission as Permission].allows : permission))
    .join(', ');
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
