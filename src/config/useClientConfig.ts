import { useEffect, useState } from 'react';
import type { ClientConfig } from '@core/contract';
import { loadClientConfig } from './clientConfig';

/** The deployment's run-time settings; undefined until known (or while unreachable and never cached). */
export function useClientConfig(): ClientConfig | undefined {
  const [config, setConfig] = useState<ClientConfig>();
  useEffect(() => {
    let live = true;
    loadClientConfig().then(
      (value) => live && setConfig(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
