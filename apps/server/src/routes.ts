// Every SPEC §7 family, registered once. Each module owns its paths, guards and schemas.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { installLastSeen } from './auth/sessions.last-seen.ts';
import { adminSessionRoutes, mySessionRoutes } from './auth/sessions.routes.ts';
import { twoFactorPolicyRoutes } from './auth/two-factor-policy.routes.ts';
import type { AppContext } from './http/context.ts';
import { registerStaffFamily } from './http/families.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { adminLockoutRoutes } from './modules/admin-lockout/admin-lockout.routes.ts';
import { adminRegistrationRoutes } from './modules/admin-registration/admin-registration.routes.ts';
import { businessBulkRoutes } from './modules/business-bulk/business-bulk.routes.ts';
import { businessDataHealthRoute, businessDataRoutes } from './modules/business-data/business-data.routes.ts';
import { businessDeletionRoutes } from './modules/business-deletion/business-deletion.routes.ts';
import { businessImportRoutes } from './modules/business-import/business-import.routes.ts';
import { businessPageRoutes } from './modules/business-page/business-page.routes.ts';
import { businessTrashRoutes } from './modules/business-trash/business-trash.routes.ts';
import { changeLogRoutes } from './modules/change-logs/change-logs.routes.ts';
import { emailChangeRoutes } from './modules/email-change/email-change.routes.ts';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes.ts';
import { employeeRoutes } from './modules/employees/employees.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { locationRoutes } from './modules/locations/locations.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { publicRegistrationRoutes } from './modules/public-registration/public-registration.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { savedViewRoutes } from './modules/saved-views/saved-views.routes.ts';
import { serviceRoutes } from './modules/services/services.routes.ts';
import { staffAuditRoutes } from './modules/staff-audit/staff-audit.routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { unmatchedEventRoutes, webhookRoutes } from './modules/webhooks/webhooks.routes.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  installLastSeen(app, ctx.db);
  await app.register(authRoutes(ctx), { prefix: '/auth' });
  await app.register(mySessionRoutes(ctx), { prefix: '/auth/sessions' });
  await app.register(adminSessionRoutes(ctx), { prefix: '/master/registration/api/v1/admin-registration' });
  await app.register(adminRegistrationRoutes(ctx), {
    prefix: '/master/registration/api/v1/admin-registration',
  });
  await app.register(adminLockoutRoutes(ctx), { prefix: '/master/registration/api/v1/admin-lockout' });
  await registerStaffFamily(app, '/business-products/api/v1/business-products', productRoutes(ctx));
  await registerStaffFamily(app, '/business-data/api/v1/business-data', businessDataRoutes(ctx));
  await registerStaffFamily(app, '/business-data/api/v1/business-data', businessBulkRoutes(ctx));
  await registerStaffFamily(app, '/business-data', businessDataHealthRoute);
  await registerStaffFamily(app, '/business-change-logs/api/v1/business-change-logs', changeLogRoutes(ctx));
  await registerStaffFamily(app, '/verification', verificationRoutes(ctx));
  await registerStaffFamily(app, '/email-change/api/v1/email-change', emailChangeRoutes(ctx));
  await registerStaffFamily(app, '/email-verification', emailVerificationRoutes(ctx));
  await app.register(businessDeletionRoutes(ctx), { prefix: '/master/business-deletion' });
  await registerStaffFamily(app, '/business-employees/api/v1/business-employees', employeeRoutes(ctx));
  await registerStaffFamily(app, '/business-services/api/v1/business-services', serviceRoutes(ctx));
  await registerStaffFamily(app, '/business-events/api/v1/business-events', eventRoutes(ctx));
  await registerStaffFamily(
    app,
    '/business-subscriptions/api/v1/business-subscriptions',
    subscriptionRoutes(ctx),
  );
  await registerStaffFamily(app, '/business-access/api/v1/business-access', accessRoutes(ctx));
  await registerStaffFamily(
    app,
    '/business-registration/api/v1/business-registration',
    registrationRoutes(ctx),
  );
  await registerStaffFamily(app, '/location-coordinate/api/v1/locations', locationRoutes(ctx));
  await app.register(publicRegistrationRoutes(ctx), {
    prefix: '/public/business-registration/api/v1/business-registration',
  });
  await app.register(staffAuditRoutes(ctx), { prefix: '/master/staff-audit/api/v1/staff-actions' });
  await registerStaffFamily(app, '/business-page/api/v1/business-page', businessPageRoutes(ctx));
  await registerStaffFamily(app, '/saved-views/api/v1/saved-views', savedViewRoutes(ctx));
  await app.register(twoFactorPolicyRoutes(ctx), { prefix: '/master/two-factor/api/v1' });
  await app.register(webhookRoutes(ctx), { prefix: '/webhooks' });
  await app.register(unmatchedEventRoutes(ctx), { prefix: '/master/webhooks/api/v1' });
  await registerStaffFamily(app, '/business-import/api/v1', businessImportRoutes(ctx));
  await app.register(businessTrashRoutes(ctx), { prefix: '/master/business-trash/api/v1/business-trash' });
  // MODULES (one line per family, keep this marker)
}
