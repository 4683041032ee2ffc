import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { AnswerReplay } from './http/answer-replay.ts';
import {
  deferredRequestLogger,
  loggerOptions,
  logsAnsweredRequests,
  replayedAnswerLog,
  requestIds,
  requestLog,
} from './http/logging.ts';
import { addRouteOnRequest } from './http/route-hooks.ts';
import { defaultServerLimits, enforceBodyDeadlines, limitedServerFactory, type ServerLimits } from './http/server-limits.ts';
import { collapseDuplicateSlashes, markRouteArea } from './http/url-areas.ts';
import applicationRetentionPlugin from './plugins/application-retention.ts';
import authPlugin from './plugins/auth.ts';
import cataloguePlugin from './plugins/catalogue.ts';
import configPlugin from './plugins/config.ts';
import contentRepositoryPlugin from './plugins/content-repository.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin, { answerUnknownApiRoute } from './plugins/errors.ts';
import frontendsPlugin from './plugins/frontends.ts';
import mailPlugin from './plugins/mail.ts';
import newsletterPlugin from './plugins/newsletter.ts';
import pageViewRetentionPlugin from './plugins/page-view-retention.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import siteBuilderPlugin from './plugins/site-builder.ts';
import storagePlugin from './plugins/storage.ts';
import viewCounterPlugin from './plugins/view-counter.ts';
import applicationRoutes from './routes/applications/index.ts';
import auditRoutes from './routes/audit/index.ts';
import authRoutes from './routes/auth/index.ts';
import blogRoutes from './routes/blog/index.ts';
import contactRoutes from './routes/contact/index.ts';
import contentRoutes from './routes/content/index.ts';
import healthRoutes from './routes/health/index.ts';
import imagesRoutes from './routes/images/index.ts';
import viewRoutes from './routes/interest/index.ts';
import interestReportRoutes from './routes/interest/report.ts';
import messageRoutes from './routes/messages/index.ts';
import newsletterRoutes from './routes/newsletter/index.ts';
import settingsRoutes from './routes/settings/index.ts';
import siteRoutes from './routes/site/index.ts';
import sitePreviewRoutes from './routes/site/preview.ts';
import subscriberRoutes from './routes/subscribers/index.ts';
import type { Storage } from './storage/index.ts';

interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  superAdminOnly: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its method and whether it is public: read by the tests that guard coverage. */
    routeTable: RouteEntry[];
    /** Public answers replayed before Fastify (answer-replay.ts): a route keeps them, a change clears them. */
    answerReplay: AnswerReplay;
  }
}

interface AppOptions {
  config: Config;
  /** Tests may pass a storage whose failures they control. */
  storage?: Storage;
  /** Tests shorten the deadlines and lower the connection caps. */
  limits?: Partial<ServerLimits>;
  /** The clock of the login lock-out, in ms; tests pass one they advance. */
  now?: () => number;
  /** Where the log goes (stdout by default); tests read it. */
  logDestination?: NodeJS.WritableStream;
}

/** Builds the whole app; the server and the tests both go through here. */
export async function buildApp({
  config,
  storage,
  limits: limitOverrides,
  now,
  logDestination,
}: AppOptions): Promise<FastifyInstance> {
  const limits = { ...defaultServerLimits, ...limitOverrides };
  const answerReplay = new AnswerReplay();
  const nextRequestId = requestIds();
  const app = Fastify({
    serverFactory: limitedServerFactory(limits, { perAddressCap: !config.trustProxy, answerFirst: answerReplay.answer }),
    logger: loggerOptions(config, logDestination),
    logController: requestLog(),
    childLoggerFactory: deferredRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: nextRequestId,
    rewriteUrl: (request) => collapseDuplicateSlashes(request.url ?? '/'),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  });
  // JSON only, unless a route registers another parser: a text/plain body is refused with 415.
  app.removeContentTypeParser('text/plain');
  enforceBodyDeadlines(app, limits);
  if (logsAnsweredRequests(app.log.level)) answerReplay.onReplayed = replayedAnswerLog(app.log, nextRequestId);
  app.decorate('answerReplay', answerReplay);
  app.addHook('preClose', (done) => {
    answerReplay.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', markRouteArea);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const { public: isPublic = false, superAdminOnly = false } = route.config ?? {};
        routeTable.push({ method, url: route.url, public: isPublic, superAdminOnly });
      }
    }
  });

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin);
  await app.register(applicationRetentionPlugin);
  await app.register(storagePlugin, { storage });
  await app.register(authPlugin);
  await app.register(contentRepositoryPlugin);
  await app.register(cataloguePlugin);
  await app.register(mailPlugin);
  await app.register(newsletterPlugin);
  await app.register(siteBuilderPlugin);
  await app.register(viewCounterPlugin);
  await app.register(pageViewRetentionPlugin);
  // Only when the admin or the site is on another origin: on one origin, CORS would be work for nothing.
  // Staff sign in with a Bearer token, never a cookie: no credentials cross origins.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 7200,
    });
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Centre de formation API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Default deny: every route under /api gets the admin check unless it says it is public.
      api.addHook('onRoute', (route) => {
        if (!route.config?.public) addRouteOnRequest(route, api.requireAdmin, 'last');
      });
      api.setNotFoundHandler(answerUnknownApiRoute);
      await api.register(healthRoutes);
      await api.register(authRoutes, { now });
      await api.register(blogRoutes);
      await api.register(imagesRoutes);
      await api.register(contactRoutes);
      await api.register(applicationRoutes);
      await api.register(subscriberRoutes);
      await api.register(newsletterRoutes);
      await api.register(messageRoutes);
      await api.register(auditRoutes);
      await api.register(siteRoutes);
      await api.register(sitePreviewRoutes);
      await api.register(contentRoutes);
      await api.register(settingsRoutes);
      await api.register(viewRoutes);
      await api.register(interestReportRoutes);
      api.get('/docs/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(frontendsPlugin);

  return app;
}
