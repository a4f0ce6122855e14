-- Written by hand (issue 39, decision 059): the duty audit is compliance's, like the evidence pack
-- and lifting a duty. A fresh installation gets it from the standard roles (seed/employees.ts).
UPDATE "roles" SET "permissions" = array_append("permissions", 'compliance.duty_audit')
  WHERE "name" = 'compliance' AND NOT ('compliance.duty_audit' = ANY("permissions"));
