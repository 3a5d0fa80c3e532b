#ifndef INKLING_XML_H
#define INKLING_XML_H
/* Placeholder: Inkling XML (InkML) parsing API. */
int inkling_xml_placeholder(void);
#endif
