-- Hand-written (drizzle-kit generate --custom): the triggers drizzle's schema cannot express.
-- Each instance keeps the OIDC clients it has read (client row, application, live secret
-- hashes) so a token request costs no statement for them (modules/oidc/adapter.ts). Every
-- statement that changes what that read answers notifies `gatehouse_auth` at commit with its
-- table's name, as migration 0008 does for callers, and every instance empties its client
-- cache, so a client or application disabled, or a secret rotated away, is refused at once
-- on every instance. A secret's last_used_at, stamped by the token requests, notifies nothing.
CREATE TRIGGER application_clients_auth_changes AFTER UPDATE OR DELETE OR TRUNCATE ON application_clients
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER applications_auth_changes AFTER UPDATE OR DELETE OR TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
--> statement-breakpoint
CREATE TRIGGER client_secrets_auth_changes AFTER INSERT OR DELETE OR UPDATE OF ac_id, secret_hash, expires_at OR TRUNCATE ON client_secrets
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_auth();
