import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { prerenderLanding, serveLandingAtRoot } from './build/prerender-landing.ts';
import { listScreenChunks } from './build/screen-chunk-list.ts';
import { ENTRY_CHUNK_GROUPS } from './build/entry-chunk-groups.ts';
import { originsOf, spaContentSecurityPolicy } from '../shared/content-security-policy.ts';

/**
 * Serves `/config.json` from the LOCAL_RUNTIME_CONFIG environment variable in dev and preview, the way the
 * CDK deployment puts a generated config.json beside the SPA in S3: one build, any environment.
 */
function runtimeConfig(): Plugin {
  // Returns nothing: a function returned from configureServer would be installed as a post-middleware.
  const serve = (server: {
    middlewares: { use: (path: string, fn: (req: unknown, res: NodeResponse) => void) => void };
  }): void => {
    server.middlewares.use('/config.json', (_req, res) => {
      const body = process.env.LOCAL_RUNTIME_CONFIG;
      res.statusCode = body ? 200 : 404;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(
        body ?? JSON.stringify({ error: 'not_configured', message: 'LOCAL_RUNTIME_CONFIG is not set' }),
      );
    });
  };
  return { name: 'runtime-config', configureServer: serve, configurePreviewServer: serve };
}
type NodeResponse = {
  statusCode: number;
  setHeader: (k: string, v: string) => void;
  end: (b: string) => void;
};

/**
 * The SPA's Content-Security-Policy on the local servers, built like CloudFront's (infra/lib/web.ts) from
 * the same builder, with the local API, socket and identity service as the places the app may connect to.
 */
function localContentSecurityPolicy(devServer: boolean): string {
  const config = process.env.LOCAL_RUNTIME_CONFIG
    ? (JSON.parse(process.env.LOCAL_RUNTIME_CONFIG) as {
        apiUrl?: string;
        voiceStreamUrl?: string;
        voiceRelayUrl?: string;
        cognito?: { userPoolEndpoint?: string };
      })
    : {};
  return spaContentSecurityPolicy({
    connectSources: originsOf([
      config.apiUrl,
      config.voiceStreamUrl,
      config.voiceRelayUrl,
      config.cognito?.userPoolEndpoint,
    ]),
    devServer,
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), runtimeConfig(), prerenderLanding(), listScreenChunks(), serveLandingAtRoot()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  server: {
    strictPort: true,
    host: '127.0.0.1',
    headers: { 'Content-Security-Policy': localContentSecurityPolicy(true) },
  },
  preview: {
    strictPort: true,
    host: '127.0.0.1',
    headers: { 'Content-Security-Policy': localContentSecurityPolicy(false) },
  },
  // No source maps in the build: the site would publish its own source (issue 10 §10).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: ENTRY_CHUNK_GROUPS } } },
  },
});
