import type { Configuration } from 'openid-client';
import { loadClientConfig } from '../config/clientConfig';

/**
 * openid-client is loaded on first use: a visitor who never signs in, and a signed-in user whose
 * access token is still valid, never download it.
 */
export const openid = () => import('openid-client');

let configuration: Promise<Configuration> | undefined;

/** The identity provider, discovered once per page load (its metadata rarely changes). */
export function oidcConfiguration(): Promise<Configuration> {
  configuration ??= (async () => {
    const [client, { auth }] = await Promise.all([openid(), loadClientConfig()]);
    const issuer = new URL(auth.issuer);
    // Plain http is only ever localhost in development; production issuers are https.
    const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
    return client.discovery(issuer, auth.client_id, undefined, client.None(), options);
  })();
  configuration.catch(() => (configuration = undefined));
  return configuration;
}

/** The parameters every token request repeats: the API the access token is for. */
export async function resourceParameters(): Promise<Record<string, string>> {
  const { auth } = await loadClientConfig();
  return { resource: auth.audience };
}
