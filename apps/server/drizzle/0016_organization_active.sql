-- An organization is active while it and every ancestor is enabled: its members (users whose
-- organization lies in a disabled subtree) cannot sign in and hold nothing. The organization
-- service keeps the column when a status or a parent changes; here it starts from the tree.
ALTER TABLE "organizations" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
WITH RECURSIVE "off" AS (
  SELECT "organization_id" FROM "organizations" WHERE "status" = 'DISABLED'
  UNION
  SELECT o."organization_id" FROM "organizations" o JOIN "off" ON o."parent_id" = "off"."organization_id"
)
UPDATE "organizations" SET "active" = false WHERE "organization_id" IN (SELECT "organization_id" FROM "off");
