// Decorated request classes (class-validator). Not exported from the package index so the web bundle,
// which needs only the rules and types, stays free of the decorator libraries.
import 'reflect-metadata';

export * from './dto/admin.dto';
export * from './dto/antibody.dto';
export * from './dto/auth.dto';
export * from './dto/common.dto';
export * from './dto/context.dto';
export * from './dto/decorators';
export * from './dto/workflow.dto';
