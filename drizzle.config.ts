import { defineConfig } from 'drizzle-kit';

// Each domain owns its tables (docs/decisions/0081-each-domain-owns-its-tables.md); the migrations
// are generated from all of them together.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/*/*-tables.ts', './server/platform/*/*-tables.ts'],
  out: './server/platform/db/migrations',
});
