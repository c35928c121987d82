import * as client from 'openid-client';
import { loadClientConfig } from '../config/clientConfig';

let configuration: Promise<client.Configuration> | undefined;

/** The identity provider, discovered once per page load (its metadata rarely changes). */
export function oidcConfiguration(): Promise<client.Configuration> {
  configuration ??= (async () => {
    const { auth } = await loadClientConfig();
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
