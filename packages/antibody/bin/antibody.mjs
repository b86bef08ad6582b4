#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/cli.js (build the package first: `pnpm --filter @platform/antibody build`).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
