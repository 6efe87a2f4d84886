-- The provider's artefacts are kept by the SHA-256 of their id (hex), and the opaque tokens'
-- payloads without their jti, which is the token itself: rows written before move over.
UPDATE "oidc_payloads" SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex');
--> statement-breakpoint
UPDATE "oidc_payloads" SET "payload" = "payload" - 'jti'
WHERE "model" IN ('AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials', 'DeviceCode',
  'BackchannelAuthenticationRequest', 'RegistrationAccessToken', 'InitialAccessToken');
