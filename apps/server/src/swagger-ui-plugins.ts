// Swagger UI plugins for /docs. @fastify/swagger-ui writes uiConfig into its swagger-initializer.js
// (a served file, so the CSP's script-src 'self' allows it), turning functions into their source.
// They are built from plain browser JavaScript because the dev server's transpiler (tsx) would add
// helper calls (__name) to a TypeScript function's source that the browser does not have.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

type SwaggerUiPlugin = NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['plugins']>[number];

/**
 * Swagger UI 5.3x virtualizes the operation list once it has 150 tags and operations (this API
 * has more): only the rows near the viewport exist in the page, so the list seemed to stop after
 * /auth/options, and the browser's find, printing and tests missed the rest. This 'operations'
 * component is Swagger UI's own non-virtualized branch: every tag and operation is rendered.
 */
const EVERY_OPERATION_SOURCE = `
  var h = system.React.createElement;
  function Operations(props) {
    var tagged = props.specSelectors.taggedOperations();
    if (tagged.size === 0) return h('h3', null, ' No operations defined in spec!');
    var methods = props.specSelectors.validOperationMethods();
    var OperationTag = props.getComponent('OperationTag');
    var OperationContainer = props.getComponent('OperationContainer', true);
    return h('div', null, tagged.map(function (tagObj, tag) {
      var operations = tagObj.get('operations')
        .filter(function (op) { return methods.indexOf(op.get('method')) !== -1; })
        .map(function (op) {
          return h(OperationContainer, {
            key: op.get('path') + '-' + op.get('method'),
            specPath: op.get('specPath'), op: op, path: op.get('path'), method: op.get('method'), tag: tag,
          });
        });
      return h(OperationTag, {
        key: 'operation-' + tag, tagObj: tagObj, tag: tag,
        oas3Selectors: props.oas3Selectors, layoutSelectors: props.layoutSelectors,
        layoutActions: props.layoutActions, getConfigs: props.getConfigs,
        getComponent: props.getComponent, specUrl: props.specSelectors.url(),
      }, h('div', { className: 'operation-tag-content' }, operations.toArray()));
    }).valueSeq().toArray());
  }
  return { components: { operations: Operations } };
`;

// The plugin list replaces @fastify/swagger-ui's default one, so it repeats DownloadUrl (loads /docs/json).
const DOWNLOAD_URL_SOURCE = 'return SwaggerUIBundle.plugins.DownloadUrl(system);';

/** uiConfig.plugins for @fastify/swagger-ui. */
export const swaggerUiPlugins = [DOWNLOAD_URL_SOURCE, EVERY_OPERATION_SOURCE].map(
  (source) => new Function('system', source) as SwaggerUiPlugin,
);
