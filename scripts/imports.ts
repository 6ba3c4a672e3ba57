/**
 * The imports of a TypeScript source, read with TypeScript's own parser: static and type-only imports,
 * re-exports, `import()`, `typeof import()` and `require()`. Shared by the architecture test
 * (test/cli/architecture.test.ts) and the walk (scripts/walk.ts).
 */
import ts from 'typescript';

/** One module a source names, and whether only types are taken from it (no code runs for it). */
export interface ImportOf {
  specifier: string;
  typeOnly: boolean;
}

/** True when an import or export declaration brings in types alone. */
function onlyTypes(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const named = node.exportClause;
    return named !== undefined && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** Every module a source names, in order, each marked type-only or not. */
export function importsIn(source: string, fileName = 'file.ts'): ImportOf[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ImportOf[] = [];
  const literal = (node: ts.Node | undefined, typeOnly: boolean): void => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier, onlyTypes(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      literal(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) literal(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every module a source names, in order: imports (type-only too), re-exports, `import()`, import types, `require()`. */
export function specifiersOf(source: string, fileName = 'file.ts'): string[] {
  return importsIn(source, fileName).map((found) => found.specifier);
}
