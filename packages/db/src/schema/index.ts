export * from './employees.ts';
export * from './customers.ts';
export * from './loans.ts';
export * from './tickets.ts';
export * from './audit.ts';
export * from './documents.ts';
export * from './back-office.ts';
export * from './credit-reporting.ts';
