import { permissionRefusal } from '@portal/contracts';

// The refusal the ACDV import shares with the command line's caller check.

export const RESPOND_REFUSAL = permissionRefusal('credit_reporting.respond');
