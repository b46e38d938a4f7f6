import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** One route of the route table, with what has to load before it can draw. */
export type RouteModules = {
  path: string;
  /** Source modules (relative to the web app) of the route and of the layouts around it. */
  modules: string[];
  /** Translation namespaces the route waits for (withNamespaces), outer layouts first. */
  namespaces: string[];
};

/**
 * Reads the route table without running it: for each route with a path, the modules of its
 * `import()` calls (relative to the web app, e.g. `src/app/routes/login`) and the namespaces it
 * awaits through `withNamespaces`, following the helper constants it names (`withLegalTexts`, …).
 * A child route inherits what its layout loads. The order is the table's, so the first route is
 * the landing. Used by the build (the route preload list) and by the bench (the budgets per route).
 */
export function readRouteTable(root: string, router = 'src/app/router.tsx'): RouteModules[] {
  const file = join(root, router);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  // `./routes/login` in src/app/router.tsx is src/app/routes/login.
  const directory = posix.dirname(router);
  const constants = new Map<string, ts.Expression>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      constants.set(declaration.name.text, declaration.initializer);
      if (declaration.name.text === 'routes' && ts.isArrayLiteralExpression(declaration.initializer))
        table = declaration.initializer;
    }
  }
  if (!table) throw new Error(`${file}: no \`export const routes = [...]\``);

  const collect = (node: ts.Node, into: Omit<RouteModules, 'path'>, followed: Set<string>): void => {
    if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first))
        into.modules.push(posix.join(directory, first.text));
      if (ts.isIdentifier(node.expression) && node.expression.text === 'withNamespaces' && second) {
        if (ts.isArrayLiteralExpression(second))
          for (const item of second.elements) if (ts.isStringLiteral(item)) into.namespaces.push(item.text);
      }
    }
    if (ts.isIdentifier(node) && node.text !== 'routes' && !followed.has(node.text)) {
      const target = constants.get(node.text);
      if (target) collect(target, into, new Set([...followed, node.text]));
    }
    ts.forEachChild(node, (child) => collect(child, into, followed));
  };

  const routes: RouteModules[] = [];
  const visit = (list: ts.ArrayLiteralExpression, parent: Omit<RouteModules, 'path'>) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const own = { modules: [...parent.modules], namespaces: [...parent.namespaces] };
      let path: string | undefined;
      let children: ts.ArrayLiteralExpression | undefined;
      for (const property of element.properties) {
        const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
        if (name === 'path' && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer))
          path = property.initializer.text;
        else if (name === 'children' && ts.isPropertyAssignment(property)) {
          if (ts.isArrayLiteralExpression(property.initializer)) children = property.initializer;
        } else collect(property, own, new Set());
      }
      if (path !== undefined) routes.push({ path, ...own });
      if (children) visit(children, own);
    }
  };
  visit(table, { modules: [], namespaces: [] });
  return routes;
}
