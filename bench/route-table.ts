import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** One route of the web app's route table, with what has to load before it can draw. */
export type RouteModules = {
  path: string;
  /** Source modules (relative to apps/web) of the route and of the layouts around it. */
  modules: string[];
  /** Translation namespaces the route waits for (withNamespaces), outer layouts first. */
  namespaces: string[];
};

/**
 * Reads the route table (`export const routes` in src/app/router.tsx) without running it: for
 * each route, the modules of its `import()` calls and the namespaces it awaits through
 * `withNamespaces`, following the helper constants it names (`comingSoon`, `withLegalTexts`, …).
 * A child route inherits what its layout loads. The order is the table's, so the first route is
 * the landing.
 */
export function readRouteTable(webRoot: string): RouteModules[] {
  const file = join(webRoot, 'src/app/router.tsx');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
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
        } else collectLoads(property, constants, own, new Set());
      }
      if (path !== undefined) routes.push({ path, ...own });
      if (children) visit(children, own);
    }
  };
  visit(table, { modules: [], namespaces: [] });
  return routes;
}

function collectLoads(
  node: ts.Node,
  constants: Map<string, ts.Expression>,
  into: Omit<RouteModules, 'path'>,
  followed: Set<string>,
): void {
  if (ts.isCallExpression(node)) {
    const [first, second] = node.arguments;
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) {
      // './routes/login' from src/app/router.tsx
      into.modules.push(posix.join('src/app', first.text));
    }
    if (ts.isIdentifier(node.expression) && node.expression.text === 'withNamespaces' && second) {
      if (ts.isArrayLiteralExpression(second))
        for (const item of second.elements) if (ts.isStringLiteral(item)) into.namespaces.push(item.text);
    }
  }
  if (ts.isIdentifier(node) && !followed.has(node.text)) {
    const target = constants.get(node.text);
    if (target && node.text !== 'routes') {
      followed.add(node.text);
      collectLoads(target, constants, into, followed);
    }
  }
  ts.forEachChild(node, (child) => collectLoads(child, constants, into, followed));
}
