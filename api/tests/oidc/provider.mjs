// A real OpenID Connect provider (the `oidc-provider` npm package) on loopback, for the single sign-on tests:
//   node api/tests/oidc/provider.mjs
// Environment: PORT, OIDC_PROVIDER_MODULE (path of oidc-provider's lib/index.js: the package lives in
// webapp/node_modules), OIDC_CLIENTS (JSON list of clients), OIDC_ACCOUNTS (JSON {sub: claims}), ID_TOKEN_TTL
// (seconds). Accounts sign in on the library's development login form (any password); consent is given at once.
// Prints "ready <issuer>" when it listens.
import { pathToFileURL } from 'node:url';

const { default: Provider } = await import(pathToFileURL(process.env.OIDC_PROVIDER_MODULE).href);
const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS || '{}');

const provider = new Provider(issuer, {
  clients: JSON.parse(process.env.OIDC_CLIENTS || '[]'),
  cookies: { keys: ['portal-tests-only'] },
  pkce: { methods: ['S256'], required: () => true },
  conformIdTokenClaims: false, // the scopes' claims (email, name, groups) in the ID token itself
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  scopes: ['openid', 'email', 'profile', 'groups'],
  ttl: { IdToken: Number(process.env.ID_TOKEN_TTL || 3600), AccessToken: 3600, AuthorizationCode: 600 },
  features: { devInteractions: { enabled: true } },
  async findAccount(ctx, sub) {
    const claims = accounts[sub];
    if (!claims) return undefined;
    return { accountId: sub, async claims() { return { sub, ...claims }; } };
  },
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile groups');
    await grant.save();
    return grant;
  },
});
provider.proxy = false;
provider.listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));
