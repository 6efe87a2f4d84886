-- Written by hand (issue 28): exporting the audit trail became an action of its own, `export`,
-- where reading it (`retrieve`) allowed it before. A grant that could export keeps that right,
-- over the same applications; an administrator takes it away where it should not stay.
UPDATE "role_permissions" SET "actions" = array_append("actions", 'export')
  WHERE "application_id" = 'platform' AND "permission_id" = 'admin-setting.audit-log'
    AND 'retrieve' = ANY ("actions") AND NOT 'export' = ANY ("actions");
