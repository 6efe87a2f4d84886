import type { KoaContextWithOIDC, default as Provider } from 'oidc-provider';

/** The console's interaction API: each interaction has a path of its own below it. */
export const INTERACTION_API = '/api/oauth2-server/interaction';

/** The interaction's own path, below which all its calls (details, login, consent, abort) lie. */
export const interactionApiPath = (uid: string) => `${INTERACTION_API}/${uid}`;

/** The cookie names of the provider; the defaults, named here because the binding uses one. */
export const COOKIE_NAMES = {
  session: '_session',
  interaction: '_interaction',
  resume: '_interaction_resume',
} as const;

/**
 * The options of the provider's short-lived cookies (interaction, resume). SameSite=Lax: the
 * /oauth page's calls are same-origin, and no `.legacy` twin is set, which SameSite=None
 * would add and the binding below would then have to set too.
 */
export const SHORT_COOKIE = { signed: true, httpOnly: true, sameSite: 'lax' } as const;

/**
 * Binds every interaction to the browser that started it. The provider sets its interaction
 * cookie for the path of the interaction URL (/oauth), which the interaction API under /api
 * never receives; this sets it again, in the same answer, for the interaction's own API path,
 * where `provider.interactionDetails` reads it back. A request without it, from any other
 * browser, finds no interaction. One path per interaction keeps two sign-ins in one browser
 * apart (one path for all would let the second replace the first).
 *
 * `overwrite` takes the provider's Set-Cookie of the same name out of the answer, and, when
 * the signature is pushed, that of `.sig`. The signature covers `name=value` only, so the
 * provider's own reading of it is unchanged. `ctx.cookies` is Secure exactly when the
 * provider's are: both follow `ctx.secure` (X-Forwarded-Proto behind a trusted proxy).
 */
export function bindInteractionsToBrowser(provider: Provider): void {
  provider.on('interaction.started', (ctx: KoaContextWithOIDC) => {
    const interaction = ctx.oidc.entities.Interaction;
    // The provider saved the interaction before it emits this; without one there is nothing to bind.
    if (!interaction?.exp) throw new Error('interaction.started without a saved interaction');
    const maxAge = Math.max(0, interaction.exp * 1000 - Date.now());
    ctx.cookies.set(COOKIE_NAMES.interaction, interaction.uid, {
      ...SHORT_COOKIE,
      path: interactionApiPath(interaction.uid),
      maxAge,
      overwrite: true,
    });
  });
}
