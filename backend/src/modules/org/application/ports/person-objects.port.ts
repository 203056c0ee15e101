import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { PersonObjectState } from '../../domain/people-import.js';

/**
 * Teachers and students are diagnosis objects of their level (issue 32): the people import writes their objects in
 * its own transaction through this port. The diagnosis-objects module owns the table and its adapter
 * (diagnosis-objects/infrastructure/person-objects.pg-writer.ts); the app binds it (OrgModule.withPersonObjects).
 */
export abstract class PersonObjects {
  /** code → object id of the majors (level major, not retired) with these codes */
  abstract activeMajors(codes: string[]): Promise<Map<string, string>>;
  /** user id → the person's object (any level, retired or not) */
  abstract ofPeople(userIds: string[]): Promise<Map<string, PersonObjectState>>;
  /** The objects whose level and code another object (not the person's own) already has. */
  abstract clashes(objects: Array<{ userId: string; level: string; code: string }>): Promise<Array<{ userId: string; level: string; code: string }>>;
  /**
   * One person added or edited by hand: a teacher's or student's object follows their name, department and level
   * (a student's major, class and grade stay while they stay a student); a staff member's object is retired.
   */
  abstract syncPerson(tx: Transaction, person: { userId: string; account: string; name: string; orgId: string | null; kind: 'staff' | 'teacher' | 'student' }): Promise<void>;
  /** Creates or updates each person's object (back from retirement too), and retires the objects of retireUserIds. */
  abstract write(tx: Transaction, objects: Array<PersonObjectState & { userId: string }>, retireUserIds: string[]): Promise<void>;
}
