-- Written by hand (issue 40, decision 060): the lists' CSV exports are for supervisors and the back
-- office, never plain agents. A fresh installation gets it from the standard roles (seed/employees.ts).
UPDATE "roles" SET "permissions" = array_append("permissions", 'lists.export')
  WHERE "name" IN ('escalations', 'staff_admin', 'compliance', 'credit_reporting', 'bankruptcy')
    AND NOT ('lists.export' = ANY("permissions"));
