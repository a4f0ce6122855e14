// The customer-app module's public face: other modules import from here, never from its other files.
export { registerCustomerAppRoutes } from './routes.ts';
// How the customer app signs a request (its reference, and the tests' way to call as a customer).
export { signCustomerAppRequest } from './request-token.ts';
