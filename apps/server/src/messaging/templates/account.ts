import { z } from 'zod';
import { type EmailContent, email, link, name, template } from './define.ts';

// The e-mails of the account: the address's confirmation after sign-up and the password's reset.
export const accountTemplates = {
  email_confirmation: template({
    params: z.object({ nome: name, link }),
    texts: {
      ht: (v) =>
        email('ht', {
          subject: 'Konfime imèl ou — KreyolCash',
          greeting: `Bonjou ${v.nome},`,
          body: 'Mèsi paske ou enskri sou KreyolCash! Klike sou bouton an pou konfime imèl ou. Lyen an valab pou 24 èdtan epi li mache yon sèl fwa.',
          action: 'Konfime imèl mwen',
          url: v.link,
          footer: 'Si se pa ou ki te enskri, pa okipe mesaj sa a.',
        }),
      'pt-BR': (v) =>
        email('pt-BR', {
          subject: 'Confirme seu e-mail — KreyolCash',
          greeting: `Olá, ${v.nome},`,
          body: 'Obrigado por se cadastrar na KreyolCash! Clique no botão para confirmar seu e-mail. O link vale por 24 horas e só funciona uma vez.',
          action: 'Confirmar meu e-mail',
          url: v.link,
          footer: 'Se não foi você que se cadastrou, ignore esta mensagem.',
        }),
      fr: (v) =>
        email('fr', {
          subject: 'Confirmez votre e-mail — KreyolCash',
          greeting: `Bonjour ${v.nome},`,
          body: 'Merci de vous être inscrit sur KreyolCash ! Cliquez sur le bouton pour confirmer votre e-mail. Le lien est valable 24 heures et ne fonctionne qu’une fois.',
          action: 'Confirmer mon e-mail',
          url: v.link,
          footer: 'Si ce n’est pas vous qui vous êtes inscrit, ignorez ce message.',
        }),
      en: (v) =>
        email('en', {
          subject: 'Confirm your e-mail — KreyolCash',
          greeting: `Hello ${v.nome},`,
          body: 'Thank you for signing up for KreyolCash! Click the button to confirm your e-mail. The link is valid for 24 hours and works only once.',
          action: 'Confirm my e-mail',
          url: v.link,
          footer: 'If you did not sign up, you can ignore this message.',
        }),
    },
  }),

  password_reset: template({
    params: z.object({ nome: name, link }),
    texts: {
      ht: (v) =>
        email('ht', {
          subject: 'Chanje modpas ou — KreyolCash',
          greeting: `Bonjou ${v.nome},`,
          body: 'Nou resevwa yon demann pou chanje modpas kont KreyolCash ou. Lyen an valab pou 1 èdtan epi li mache yon sèl fwa.',
          action: 'Chwazi yon nouvo modpas',
          url: v.link,
          footer: 'Si se pa ou ki te mande sa, pa okipe mesaj sa a: modpas ou pa chanje.',
        }),
      'pt-BR': (v) =>
        email('pt-BR', {
          subject: 'Troque sua senha — KreyolCash',
          greeting: `Olá, ${v.nome},`,
          body: 'Recebemos um pedido para trocar a senha da sua conta KreyolCash. O link vale por 1 hora e só funciona uma vez.',
          action: 'Escolher uma nova senha',
          url: v.link,
          footer: 'Se não foi você que pediu, ignore esta mensagem: sua senha não mudou.',
        }),
      fr: (v) =>
        email('fr', {
          subject: 'Changez votre mot de passe — KreyolCash',
          greeting: `Bonjour ${v.nome},`,
          body: 'Nous avons reçu une demande pour changer le mot de passe de votre compte KreyolCash. Le lien est valable 1 heure et ne fonctionne qu’une fois.',
          action: 'Choisir un nouveau mot de passe',
          url: v.link,
          footer: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe n’a pas changé.',
        }),
      en: (v) =>
        email('en', {
          subject: 'Change your password — KreyolCash',
          greeting: `Hello ${v.nome},`,
          body: 'We received a request to change the password of your KreyolCash account. The link is valid for 1 hour and works only once.',
          action: 'Choose a new password',
          url: v.link,
          footer: 'If you did not ask for this, ignore this message: your password has not changed.',
        }),
    },
  }),
};

// The Creole e-mails as functions of the callers' own names for the values (see transfers.ts).

export function emailConfirmationEmail(p: { name: string; url: string }): EmailContent {
  return accountTemplates.email_confirmation.texts.ht({ nome: p.name, link: p.url });
}

export function passwordResetEmail(p: { name: string; url: string }): EmailContent {
  return accountTemplates.password_reset.texts.ht({ nome: p.name, link: p.url });
}
