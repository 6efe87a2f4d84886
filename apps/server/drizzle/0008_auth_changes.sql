-- What a signed-in request knows of its caller (session, user, roles, groups, grants) is
-- cached by each server instance. Every statement that changes it notifies the channel
-- `gatehouse_auth` at commit, and every instance listening empties its cache. Statement-level
-- triggers: one notification per statement, whatever the rows. The users trigger names only
-- the columns a request reads, so a sign-in stamping last_sign_in_at does not empty caches.
CREATE FUNCTION gatehouse_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gatehouse_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changes AFTER DELETE OR UPDATE OF expires_at, user_id, token_hash OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER users_auth_changes AFTER DELETE OR UPDATE OF username, name, avatar, status, must_change_password, password_changed_at, language, theme OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER groups_auth_changes AFTER UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER group_members_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER group_roles_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_roles
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changes AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
