export * from './centre-details.ts';
export * from './directives.ts';
export * from './fees-and-duration.ts';
export * from './format-report.ts';
export * from './programmes.ts';
export * from './promises.ts';
export * from './read.ts';
export * from './schemas.ts';
