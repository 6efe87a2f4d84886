import { GatehouseProvider } from '@gatehouse/react';
import { createRoot } from 'react-dom/client';
import { App, type ExampleConfig } from './app.tsx';

/**
 * The app's settings come from `config.json` beside it (copy `public/config.example.json`), so
 * one build runs against any Gatehouse: the issuer, the public client's id, this app's
 * redirect URL, the permission and element code the <Access> demo checks, and examples/api's
 * address and resource indicator, which sign-in asks for.
 */
async function start() {
  const root = createRoot(document.getElementById('root')!);
  const res = await fetch('./config.json');
  if (!res.ok) {
    root.render(<p>Copy public/config.example.json to public/config.json and fill it in.</p>);
    return;
  }
  const config = (await res.json()) as ExampleConfig;
  root.render(
    <GatehouseProvider
      authority={config.authority}
      clientId={config.clientId}
      redirectUri={config.redirectUri}
      resources={[config.resource]}
    >
      <App config={config} />
    </GatehouseProvider>,
  );
}

void start();
