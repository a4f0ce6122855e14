-- Written by hand (issue 27, decision 037): changing a customer's SSN, the blog and the macros
-- become permissions of their own. Their roles are made here and given to those who already hold
-- the nearest power, so an installation that started before this change keeps someone able to use
-- each: SSN correction to the SSN revealers, blog and macro editing to the staff administrators
-- (who can hand them on from /admin/staff).
INSERT INTO "roles" ("name", "permissions") VALUES
  ('ssn_editor', '{customers.edit_ssn}'),
  ('blog_editor', '{content.edit}'),
  ('macro_editor', '{macros.edit}')
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "employee_roles" ("employee_id", "role_id")
  SELECT er."employee_id", granted."id" FROM "employee_roles" er
  JOIN "roles" held ON held."id" = er."role_id"
  JOIN "roles" granted ON (held."name" = 'ssn_reveal' AND granted."name" = 'ssn_editor')
    OR (held."name" = 'staff_admin' AND granted."name" IN ('blog_editor', 'macro_editor'))
  ON CONFLICT DO NOTHING;
