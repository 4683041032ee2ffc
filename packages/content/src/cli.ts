#!/usr/bin/env node
import path from 'node:path';
import { checkContent } from './check.ts';
import { formatReport } from './format-report.ts';

/**
 * `pnpm content:check [content-dir] [--strict]`: prints the launch checklist of content/ and
 * exits with 1 when the content cannot go live (an error; in strict mode, also a missing
 * required detail or an unconfirmed programme).
 */
const args = process.argv.slice(2);
const contentDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'content');
const report = checkContent(contentDir, { strict: args.includes('--strict') });
console.log(formatReport(report));
process.exitCode = report.blocking ? 1 : 0;
