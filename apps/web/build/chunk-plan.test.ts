import { describe, expect, it } from 'vitest';
import { type PlannedChunk, planChunks } from './chunk-plan.ts';
import type { Journey } from './journeys.mjs';

const root = '/web';
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  isEntry = false,
): PlannedChunk => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});

const journeys: Journey[] = [
  { name: 'login', chunk: 'public', sources: ['index.html', 'src/login.tsx'] },
  {
    name: 'list',
    chunk: 'console',
    beyond: 'login',
    sources: ['src/layout.tsx', 'src/list-page.tsx'],
    apart: ['src/list-page.tsx'],
  },
];

// The entry and the login page share antd's button; the layout and the list page share the
// table, and the list page imports the button too; the framework has a chunk of its own.
const chunks = [
  chunk('index.js', ['/web/src/main.tsx'], ['react.js', 'button.js'], true),
  chunk('react.js', ['/web/node_modules/react/index.js']),
  chunk('button.js', ['/web/node_modules/antd/es/button/index.js']),
  chunk('login.js', ['/web/src/login.tsx'], ['button.js']),
  chunk('layout.js', ['/web/src/layout.tsx'], ['table.js', 'react.js']),
  chunk('table.js', ['/web/src/table.tsx', '/web/node_modules/antd/es/pagination/index.js']),
  chunk('list-page.js', ['/web/src/list-page.tsx', '/web/src/list-api.ts'], ['table.js', 'button.js']),
  chunk('settings.js', ['/web/src/settings.tsx'], ['button.js']),
];
const framework = (id: string) => id.includes('/node_modules/react/');

describe('planChunks', () => {
  const plan = planChunks(chunks, root, framework, journeys);

  it('packs what the login page loads into the public file', () => {
    expect(plan.get('/web/src/main.tsx')).toBe('public');
    expect(plan.get('/web/src/login.tsx')).toBe('public');
    expect(plan.get('/web/node_modules/antd/es/button/index.js')).toBe('public');
  });

  it('packs what signing in adds beyond the login page into the console file', () => {
    expect(plan.get('/web/src/layout.tsx')).toBe('console');
    expect(plan.get('/web/src/table.tsx')).toBe('console');
    expect(plan.get('/web/node_modules/antd/es/pagination/index.js')).toBe('console');
  });

  it('leaves the screen kept apart, the framework and what no journey loads where they were', () => {
    expect(plan.has('/web/src/list-page.tsx')).toBe(false);
    expect(plan.has('/web/src/list-api.ts')).toBe(false);
    expect(plan.has('/web/node_modules/react/index.js')).toBe(false);
    expect(plan.has('/web/src/settings.tsx')).toBe(false);
  });

  it('needs the journey another one continues to come first', () => {
    expect(() => planChunks(chunks, root, framework, [journeys[1]!, journeys[0]!])).toThrow(
      /must come first/,
    );
  });

  it('names a source no chunk holds', () => {
    const lost: Journey = { name: 'lost', chunk: 'x', sources: ['src/gone.tsx'] };
    expect(() => planChunks(chunks, root, framework, [lost])).toThrow(/No chunk holds src\/gone\.tsx/);
  });
});
