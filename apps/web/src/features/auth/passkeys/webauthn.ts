import type { AuthenticationResponse, RegistrationResponse } from '@gatehouse/contract';

/**
 * The browser's side of WebAuthn through `@simplewebauthn/browser`, loaded when a passkey is
 * first used: the sign-in page does not carry it until someone clicks the passkey button.
 */
export async function createCredential(options: Record<string, unknown>): Promise<RegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return response as RegistrationResponse;
}

export async function askAuthenticator(options: Record<string, unknown>): Promise<AuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return response as AuthenticationResponse;
}

/** Whether this browser can use passkeys at all (a secure context with WebAuthn). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function'
  );
}
