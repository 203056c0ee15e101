import type { Constant, ConstantType } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { ConstantRow } from '../../domain/constant-rows.js';

export abstract class ConstantRepository {
  abstract types(): Promise<ConstantType[]>;
  abstract type(id: string): Promise<ConstantType | null>;
  /** Of these ids, the ones that are constant types. */
  abstract existingTypes(ids: readonly string[], tx?: Transaction): Promise<string[]>;
  abstract typeCodeTaken(code: string, exceptId?: string): Promise<boolean>;
  abstract insertType(input: { code: string; name: string; description: string | null }): Promise<string>;
  abstract updateType(id: string, input: { code: string; name: string; description: string | null }): Promise<void>;
  /** Whether a form's design or any published version has a field with options from this type. */
  abstract typeInUse(id: string): Promise<boolean>;
  abstract deleteType(id: string): Promise<void>;

  abstract list(typeId: string): Promise<Constant[]>;
  abstract find(id: string): Promise<Constant | null>;
  abstract valueTaken(typeId: string, value: string, exceptId?: string): Promise<boolean>;
  abstract insert(input: { typeId: string; value: string; text: string; sort: number }): Promise<string>;
  abstract update(id: string, input: { value: string; text: string; sort: number }): Promise<void>;
  abstract delete(id: string): Promise<void>;
  /** Writes the rows into the type; a value already there takes the row's text and sort. Answers the rows written. */
  abstract upsert(tx: Transaction, typeId: string, rows: readonly ConstantRow[]): Promise<number>;
}
